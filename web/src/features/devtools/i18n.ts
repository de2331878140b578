// This feature's words load with its code, not in the first bundle (lib/i18n.ts).
import { addTranslations } from '@/lib/i18n';
import enDevtools from '@/locales/en/devtools.json';
import zhDevtools from '@/locales/zh/devtools.json';

addTranslations('devtools', { en: enDevtools, zh: zhDevtools });
