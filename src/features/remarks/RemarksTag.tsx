import { remarkTexts as texts } from './texts.ts';

/** 'Неснятых обязательных замечаний: n' in a list row or card; nothing when there are none. */
export default function RemarksTag({ count }: { count: number | undefined }) {
  if (!count) return null;
  return <span className="remarks-tag">{texts.openRequired(count)}</span>;
}
