import { describe, expect, it } from 'vitest'
import { describeValue } from './describe-value'
import { jsonNestsDeeperThan } from './json-depth'
import { formatPath, valueAt } from './json-path'

describe('formatPath', () => {
  it('writes indexes in brackets and keys after dots', () => {
    expect(formatPath(['messages', 2, 'content', 0, 'image_url', 'url'])).toBe('messages[2].content[0].image_url.url')
    expect(formatPath(['temperature'])).toBe('temperature')
    expect(formatPath([])).toBe('')
  })
})

describe('describeValue', () => {
  it('renders each kind of value briefly', () => {
    expect(describeValue('hot')).toBe('"hot"')
    expect(describeValue('x'.repeat(50))).toBe(`"${'x'.repeat(40)}..."`)
    expect(describeValue(3)).toBe('3')
    expect(describeValue(null)).toBe('null')
    expect(describeValue(false)).toBe('false')
    expect(describeValue([1, 2])).toBe('an array of 2 items')
    expect(describeValue({ a: 1 })).toBe('an object')
  })
})

describe('valueAt', () => {
  it('walks objects and arrays and stops at missing nodes', () => {
    const body = { messages: [{ content: [{ text: 'hi' }] }] }
    expect(valueAt(body, ['messages', 0, 'content', 0, 'text'])).toBe('hi')
    expect(valueAt(body, ['messages', 3, 'content'])).toBeUndefined()
    expect(valueAt('x', ['a'])).toBeUndefined()
  })
})

describe('jsonNestsDeeperThan', () => {
  it('counts object and array nesting, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan('[[[]]]', 3)).toBe(false)
    expect(jsonNestsDeeperThan('[[[[]]]]', 3)).toBe(true)
    expect(jsonNestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false)
    expect(jsonNestsDeeperThan('{"a":"[[[[[[\\"[[["}', 1)).toBe(false)
    expect(jsonNestsDeeperThan('["\\"", [[[]]]]', 3)).toBe(true)
    expect(jsonNestsDeeperThan(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe(true)
    expect(jsonNestsDeeperThan(`${'['.repeat(512)}${']'.repeat(512)}`)).toBe(false)
  })

  it('tells many shallow brackets (siblings, or inside strings) from deep nesting', () => {
    expect(jsonNestsDeeperThan(`[${'{},'.repeat(10)}[]]`, 3)).toBe(false)
    expect(jsonNestsDeeperThan(`{"a":"${'[{'.repeat(10)}","b":[[]]}`, 3)).toBe(false)
    expect(jsonNestsDeeperThan(`[${'[],'.repeat(10)}[[[]]]]`, 3)).toBe(true)
    expect(jsonNestsDeeperThan(`{"messages":[${'{"role":"user","content":"[x]"},'.repeat(2000)}{}]}`)).toBe(false)
  })

  it('ends a string at the first quote after an even run of backslashes', () => {
    // "a\\" is a, then an escaped backslash; the brackets after it count.
    expect(jsonNestsDeeperThan('[[], "a\\\\", [[]]]', 3)).toBe(false)
    expect(jsonNestsDeeperThan('[[], "a\\\\", [[[]]]]', 3)).toBe(true)
    // "\\\"[[" holds an escaped backslash, an escaped quote and brackets: none of them count.
    expect(jsonNestsDeeperThan('[[], "\\\\\\"[[[[", []]', 2)).toBe(false)
    expect(jsonNestsDeeperThan('[[], "unterminated [[[[', 2)).toBe(false)
  })
})
