import { type Llama, LlamaGrammar, LlamaJsonSchemaGrammar } from 'node-llama-cpp'
import type { GrammarJsonSchema } from './grammar-schema'

/**
 * node-llama-cpp's grammar for a JSON Schema, with integers written without an exponent: its integer
 * rule allows `12e-5`, which is no integer (seen here: "age": -1111100e-50 failed validation).
 */
export function jsonSchemaGrammar(llama: Llama, schema: GrammarJsonSchema): LlamaGrammar {
  const base = new LlamaJsonSchemaGrammar(llama, schema as never)
  const gbnf = base.grammar.replace(/^(integer-number-rule ::= .*?) \(\[eE\][^\n]*$/m, '$1')
  return new LlamaGrammar(llama, { grammar: gbnf, stopGenerationTriggers: base.stopGenerationTriggers, trimWhitespaceSuffix: base.trimWhitespaceSuffix })
}
