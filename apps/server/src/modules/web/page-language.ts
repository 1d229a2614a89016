// The choice of a page's language is shared with other modules' pages (receipts): it lives in http/.
export { acceptedLanguages, pageLanguage } from '../../http/page-language.ts';
