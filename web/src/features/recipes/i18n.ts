// This feature's words load with its code, not in the first bundle (lib/i18n.ts).
import { addTranslations } from '@/lib/i18n';
import enRecipes from '@/locales/en/recipes.json';
import zhRecipes from '@/locales/zh/recipes.json';

addTranslations('recipes', { en: enRecipes, zh: zhRecipes });
