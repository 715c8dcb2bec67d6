/** Consecutive grounds of one legal basis, in the catalogue's order. */
export interface BasisGroup<T extends { legalBasis: string }> {
  legalBasis: string;
  grounds: T[];
}

/**
 * The grounds in runs of one legal basis (docs/product.md «The regulation's procedures»): a refusal dialog says a
 * basis once for its run, and a ground whose basis differs from its neighbours' keeps its own.
 */
export function groupByBasis<T extends { legalBasis: string }>(grounds: readonly T[]): BasisGroup<T>[] {
  const groups: BasisGroup<T>[] = [];
  for (const ground of grounds) {
    const last = groups.at(-1);
    if (last && last.legalBasis === ground.legalBasis) last.grounds.push(ground);
    else groups.push({ legalBasis: ground.legalBasis, grounds: [ground] });
  }
  return groups;
}
