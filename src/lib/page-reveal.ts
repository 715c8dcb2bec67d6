/**
 * Runs `then` once the signed-in page is shown: AuthGate reveals it (body[data-session="ready"]) when the session is
 * known, and a focus moved before that is lost on a hidden page. Answers a function that stops waiting.
 */
export function whenPageRevealed(then: () => void): () => void {
  const revealed = () => document.body.dataset.session === 'ready';
  if (revealed()) {
    then();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    if (!revealed()) return;
    observer.disconnect();
    then();
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['data-session'] });
  return () => observer.disconnect();
}
