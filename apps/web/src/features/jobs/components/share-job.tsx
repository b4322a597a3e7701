import { useState } from 'react';
import type { Job } from '@spajobs/contract/job';
import { buttonClass } from '../../../components/ui/button';
import { ChatIcon, LinkIcon, ShareIcon } from '../../../components/ui/icons';
import { whatsappShareLink } from '../../../lib/format';
import { siteConfig } from '../../../lib/site-config';
import { format, localePath, t } from '../../../messages';

/** The text a shared job travels with. */
export function jobShareText(job: Pick<Job, 'title' | 'spa' | 'city'>): string {
  return format(t.jobs.shareText, {
    title: job.title,
    spa: job.spa.name,
    city: job.city,
    brand: siteConfig().brandName,
  });
}

/**
 * "Share": the phone's own share sheet where there is one (Web Share API);
 * elsewhere, a WhatsApp share link and "Copy link".
 */
export function ShareJob({ job }: { job: Pick<Job, '_id' | 'title' | 'spa' | 'city'> }) {
  const [fallback, setFallback] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const path = localePath(`/job/${job._id}`);
  const url = typeof window === 'undefined' ? path : `${window.location.origin}${path}`;
  const text = jobShareText(job);

  const onShare = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: job.title, text, url });
        return;
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
      }
    }
    setFallback(true);
  };
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  return (
    <div className="mt-3">
      {!fallback ? (
        <button type="button" onClick={() => void onShare()} className={buttonClass('ghost', 'md', 'w-full')}>
          <ShareIcon size={18} />
          {t.jobs.share}
        </button>
      ) : (
        <div role="group" aria-label={t.jobs.share} className="grid grid-cols-2 gap-2">
          <a
            href={whatsappShareLink(`${text} ${url}`)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary', 'md')}
          >
            <ChatIcon size={18} />
            {t.jobs.shareWhatsapp}
          </a>
          <button type="button" onClick={() => void onCopy()} className={buttonClass('secondary', 'md')}>
            <LinkIcon size={18} />
            {t.jobs.copyLink}
          </button>
        </div>
      )}
      <p aria-live="polite" className="mt-1 text-center text-sm text-stone-700">
        {copied === 'yes' ? t.jobs.linkCopied : copied === 'no' ? `${t.jobs.copyFailed} ${url}` : ''}
      </p>
    </div>
  );
}
