/** What a refusal says: its title, the sentence, and the link back to the user's own pages. */
export interface AccessRefusedTexts {
  refusedTitle: string;
  refused: string;
  toStatements: string;
}

/**
 * The portal's refusal of a page the signed-in user may not use (a head's page for an examiner, the owner's for an
 * employee); the API answers such a user 403 too. `home` is the user's own list.
 */
export default function AccessRefused({ texts, home }: { texts: AccessRefusedTexts; home: string }) {
  return (
    <div className="alert alert--error">
      <p className="alert__title">{texts.refusedTitle}</p>
      <p>{texts.refused}</p>
      <p>
        <a href={home}>{texts.toStatements}</a>
      </p>
    </div>
  );
}
