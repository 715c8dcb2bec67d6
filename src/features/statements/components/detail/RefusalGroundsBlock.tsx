import { DetailBlock } from '#components/statement/DetailBlock.tsx';
import type { RefusalGround } from '#domain/contract.ts';
import { REFUSAL_TEXTS } from '#domain/refusals.ts';

/** 'Основания отказа' on both details: each ground of a refusal as worded when it was given, with its legal basis. */
export function RefusalGroundsBlock({ grounds }: { grounds: readonly RefusalGround[] }) {
  if (grounds.length === 0) return null;
  return (
    <div className="refusal-grounds-block">
      <DetailBlock title={REFUSAL_TEXTS.groundsTitle}>
        <ol className="refusal-grounds">
          {grounds.map((ground) => (
            <li key={ground.id}>
              {ground.name}
              <span className="refusal-grounds__basis">{ground.legalBasis}</span>
            </li>
          ))}
        </ol>
      </DetailBlock>
    </div>
  );
}
