// `npm run generate:fast-request-check`: writes the chat fast path's validator (fast-request-check-source.ts).
import { writeFileSync } from 'node:fs'
import { fastRequestCheckSource, GENERATED_FILE } from '../src/gateway/services/chat/fast-request-check-source'

writeFileSync(GENERATED_FILE, fastRequestCheckSource())
console.log(`Wrote ${GENERATED_FILE}`)
