import { describe, expect, it } from 'vitest';
import { PAGES, pageAt } from '@/config/pages';
import { paths } from '@/config/paths';

const routeFiles = Object.keys(import.meta.glob('/src/app/routes/*.tsx'));

describe('the pages', () => {
  it('each name a file of app/routes', () => {
    for (const page of Object.values(PAGES)) expect(routeFiles).toContain(`/src/app/routes/${page.file}.tsx`);
  });

  it('include the page of every route of SPEC 2, which index.html preloads for a visit', () => {
    for (const path of Object.values(paths)) expect(pageAt(path.replace(':token', 'abc123'))).toBeDefined();
    expect(pageAt('/')).toBe('');
    expect(pageAt('/dashboard/')).toBe('dashboard');
    expect(pageAt('/no-such-page')).toBeUndefined();
    expect(pageAt('/constructor')).toBeUndefined();
  });
});
