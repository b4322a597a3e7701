import { lazy, Suspense, useState } from 'react';
import type { AlertQuery } from '@spajobs/contract/alert';
import { Button } from '../../../components/ui/button';
import { MailIcon } from '../../../components/ui/icons';
import { t } from '../../../messages';

// The form (and the schema library it validates with) loads only when the button is pressed.
const AlertDialog = lazy(() => import('./alert-dialog'));

/** "Get these jobs by e-mail" for the jobs page's current search. */
export function JobAlertButton({ query }: { query: AlertQuery }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <MailIcon className="h-4 w-4" aria-hidden="true" />
        {t.alerts.button}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AlertDialog query={query} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
