export { defineCatalogue, loadCatalogues, type TextCatalogue, textNow, useText } from './catalogue';
export {
  adoptAccountLocale,
  browserLanguage,
  chosenLocale,
  getLocale,
  LOCALE_STORAGE_KEY,
  requestLanguage,
  setLocale,
  urlLocale,
  useLocale,
} from './locale';
