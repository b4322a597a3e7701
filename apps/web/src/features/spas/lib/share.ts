import { t } from '../../../messages';

/** Native share, else copy the link and say so, else the spec's "not supported" alert. */
export async function shareLink(data: { title: string; text: string; url: string }): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return;
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
    }
  }
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(data.url);
      window.alert(t.spas.card.linkCopied);
      return;
    } catch {
      // fall through
    }
  }
  window.alert(t.spas.card.shareUnsupported);
}
