/** Languages offered first in the pickers (whisper knows ~100; any ISO-639-1 code works in the API). */
export const LANGUAGES: ReadonlyArray<readonly [string, string]> = [
  ['', 'Detect'], ['en', 'English'], ['de', 'German'], ['fr', 'French'], ['es', 'Spanish'], ['it', 'Italian'], ['nl', 'Dutch'], ['pt', 'Portuguese'],
  ['pl', 'Polish'], ['sv', 'Swedish'], ['ru', 'Russian'], ['uk', 'Ukrainian'], ['tr', 'Turkish'], ['ar', 'Arabic'], ['hi', 'Hindi'], ['ja', 'Japanese'], ['ko', 'Korean'], ['zh', 'Chinese'],
]
