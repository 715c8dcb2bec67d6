// The refusals of the administrative regulation (docs/product.md «The regulation's procedures»): the texts the site
// shows and the API answers with, alike.

/** What a refusal's grounds are checked with, on the form and by the API. */
export const REFUSAL_TEXTS = {
  /** A rejection names no ground (the reply dialog and the API's 400). */
  groundRequired: 'Выберите основание отказа',
  /** A refusal to accept names no ground (its dialog and the API's 400). */
  intakeGroundRequired: 'Выберите основание',
  /** An id that is no ground of the refusal's catalogue (of none, or of the other catalogue). */
  unknownGround: 'Такого основания отказа нет в справочнике',
  /** Grounds given with an answer that refuses nothing. */
  onlyWithRejection: 'Основания указываются только при отказе',
  /** The block on both details and the list of the letter. */
  groundsTitle: 'Основания отказа',
} as const;
