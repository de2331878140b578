// This feature's words load with its code, not in the first bundle (lib/i18n.ts).
import { addTranslations } from '@/lib/i18n';
import enRecognition from '@/locales/en/recognition.json';
import zhRecognition from '@/locales/zh/recognition.json';

addTranslations('recognition', { en: enRecognition, zh: zhRecognition });
