import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** A page with its heading; the heading names the page for assistive tech. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      {children}
    </section>
  );
}

/** The small centred card of the email and password pages, with a way back home. */
export function CardPage({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card-page">
      <div className="card">
        <h1>{title}</h1>
        {children && <div className="card-body">{children}</div>}
        <button type="button" className="btn btn-secondary" onClick={() => void navigate(paths.home)}>
          {t('actions.backToHome')}
        </button>
      </div>
    </section>
  );
}
