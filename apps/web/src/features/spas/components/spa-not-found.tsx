import { Link } from '../../../lib/locale-router';
import { buttonClass } from '../../../components/ui/button';
import { t } from '../../../messages';

const m = t.spas.detail;

/** A spa address that names no spa (the server answers it with 404). */
export function SpaNotFound() {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{m.notFoundTitle}</h1>
      <p className="mt-2 text-stone-700">{m.notFoundText}</p>
      <Link to="/spas" className={buttonClass('primary', 'md', 'mt-4')}>
        {m.browseSpas}
      </Link>
    </div>
  );
}
