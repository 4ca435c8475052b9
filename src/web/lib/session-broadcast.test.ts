import { describe, expect, it } from 'vitest';
import { onOtherTabNews, tellOtherTabs, type SessionNews } from './session-broadcast.js';

/** What reaches a channel of the name in a while (the channel delivers in a task of its own). */
async function heard(listen: (fn: (news: unknown) => void) => () => void, act: () => void): Promise<unknown[]> {
  const got: unknown[] = [];
  const stop = listen((news) => got.push(news));
  try {
    act();
    await new Promise((r) => setTimeout(r, 100));
  } finally {
    stop();
  }
  return got;
}

/** Another tab of the browser: a channel of its own on the same name. */
function otherTab(fn: (data: unknown) => void): () => void {
  const c = new BroadcastChannel('pd.session');
  c.onmessage = (m: MessageEvent<unknown>) => fn(m.data);
  return () => c.close();
}

describe('sign-in and sign-out told across tabs', () => {
  it('reach the other tabs, never the tab that tells them (it would reload itself as "another user")', async () => {
    const news: SessionNews = { kind: 'signed-in', email: 'paula@demo-agency.fr' };
    expect(await heard(onOtherTabNews, () => tellOtherTabs(news))).toEqual([]);
    expect(await heard(otherTab, () => tellOtherTabs(news))).toEqual([expect.objectContaining(news)]);
    expect(await heard(otherTab, () => tellOtherTabs({ kind: 'signed-out' }))).toEqual([expect.objectContaining({ kind: 'signed-out' })]);
  });

  it('this tab hears what another tab tells', async () => {
    const got = await heard(onOtherTabNews, () => {
      const c = new BroadcastChannel('pd.session');
      c.postMessage({ kind: 'signed-in', email: 'ines@demo-agency.fr', from: 'another-tab' });
      c.close();
    });
    expect(got).toEqual([{ kind: 'signed-in', email: 'ines@demo-agency.fr' }]);
  });
});
