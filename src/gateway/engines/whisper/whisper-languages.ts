/** The languages whisper knows: ISO-639-1 code (whisper's own for a few) to the name OpenAI reports. */
export const WHISPER_LANGUAGES: Readonly<Record<string, string>> = {
  en: 'english', zh: 'chinese', de: 'german', es: 'spanish', ru: 'russian', ko: 'korean', fr: 'french', ja: 'japanese',
  pt: 'portuguese', tr: 'turkish', pl: 'polish', ca: 'catalan', nl: 'dutch', ar: 'arabic', sv: 'swedish', it: 'italian',
  id: 'indonesian', hi: 'hindi', fi: 'finnish', vi: 'vietnamese', he: 'hebrew', uk: 'ukrainian', el: 'greek', ms: 'malay',
  cs: 'czech', ro: 'romanian', da: 'danish', hu: 'hungarian', ta: 'tamil', no: 'norwegian', th: 'thai', ur: 'urdu',
  hr: 'croatian', bg: 'bulgarian', lt: 'lithuanian', la: 'latin', mi: 'maori', ml: 'malayalam', cy: 'welsh', sk: 'slovak',
  te: 'telugu', fa: 'persian', lv: 'latvian', bn: 'bengali', sr: 'serbian', az: 'azerbaijani', sl: 'slovenian', kn: 'kannada',
  et: 'estonian', mk: 'macedonian', br: 'breton', eu: 'basque', is: 'icelandic', hy: 'armenian', ne: 'nepali', mn: 'mongolian',
  bs: 'bosnian', kk: 'kazakh', sq: 'albanian', sw: 'swahili', gl: 'galician', mr: 'marathi', pa: 'punjabi', si: 'sinhala',
  km: 'khmer', sn: 'shona', yo: 'yoruba', so: 'somali', af: 'afrikaans', oc: 'occitan', ka: 'georgian', be: 'belarusian',
  tg: 'tajik', sd: 'sindhi', gu: 'gujarati', am: 'amharic', yi: 'yiddish', lo: 'lao', uz: 'uzbek', fo: 'faroese',
  ht: 'haitian creole', ps: 'pashto', tk: 'turkmen', nn: 'nynorsk', mt: 'maltese', sa: 'sanskrit', lb: 'luxembourgish',
  my: 'myanmar', bo: 'tibetan', tl: 'tagalog', mg: 'malagasy', as: 'assamese', tt: 'tatar', haw: 'hawaiian', ln: 'lingala',
  ha: 'hausa', ba: 'bashkir', jw: 'javanese', su: 'sundanese', yue: 'cantonese',
}

/** The language name for a code ('en' -> 'english'); unknown codes come back as they are. */
export const languageName = (code: string): string => WHISPER_LANGUAGES[code] ?? code

/** A request's language as whisper wants it: lower-case code; 'jv' is whisper's 'jw'. Null if unknown. */
export function whisperLanguageCode(language: string): string | null {
  const code = language.trim().toLowerCase()
  const normalized = code === 'jv' ? 'jw' : code
  if (WHISPER_LANGUAGES[normalized]) return normalized
  const byName = Object.entries(WHISPER_LANGUAGES).find(([, name]) => name === code)
  return byName ? byName[0] : null
}
