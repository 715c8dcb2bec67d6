import type { PowerOfAttorney } from '#domain/contract.ts';

/** An МЧД's powers as it states them: the text, then each coded power as 'КОД — наименование'. */
export default function PowersText({ powers }: { powers: PowerOfAttorney['powers'] }) {
  return (
    <>
      {powers.text && <span className="powers-text">{powers.text}</span>}
      {powers.codes.length > 0 && (
        <ul className="powers-codes">
          {powers.codes.map((code) => (
            <li key={code.code}>
              <code>{code.code}</code> — {code.name}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
