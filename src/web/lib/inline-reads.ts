/**
 * Answers the server wrote into the page's HTML (server/static.ts, `<script type="application/json"
 * id="pd-answers">`): a detail page's first read, made by the server as the visitor so the title is
 * painted before the app runs. Each is handed to the app's first GET of its URL, once; the element is
 * removed when read, and everything left is forgotten at a new session epoch (sign-in, sign-out), so
 * nothing of one user's page reaches the next user of the browser.
 */
const answers = new Map<string, unknown>();

/** Takes the page's answers out of the document (once: the element goes with them). */
function adopt(): void {
  const element = typeof document === 'undefined' ? null : document.getElementById('pd-answers');
  if (!element) return;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    if (data && typeof data === 'object') for (const [url, answer] of Object.entries(data)) answers.set(url, answer);
  } catch {
    // a page without valid answers: the app reads them itself
  }
}

/** The answer the page came with for this URL, if any (then never again). */
export function takeInlineAnswer(url: string): { answer: unknown } | undefined {
  adopt();
  if (!answers.has(url)) return undefined;
  const answer = answers.get(url);
  answers.delete(url);
  return { answer };
}

export function forgetInlineAnswers(): void {
  adopt();
  answers.clear();
}
