/**
 * The catalogue file ops keep (docs/server.md "The catalogue"): JSON Lines, one record a line, each with
 * its `kind` — `space` (space goods), `vip` (a membership plan), `category`, `age`, `tag` — in display
 * order per kind. Blank lines and lines starting with `#` are skipped. JSON Lines rather than one JSON
 * document: a fault is on one line, which the refusal names, and a diff of two versions is a diff of
 * records. The file is checked whole before anything is written: every fault of every line is reported.
 */
import { countCharacters } from '../http/text'
import type { Category } from '../repositories/categories-repository'
import type { SpaceGoods } from '../repositories/goods-repository'
import type { VipGoods } from '../repositories/vip-goods-repository'
import { AGE_MAX } from '../services/folder-service'
import { TAG_MAX, TITLE_MAX } from '../services/folder-rules'

/** A whole catalogue, each list in display order. */
export interface Catalog {
  space: SpaceGoods[]
  vip: VipGoods[]
  categories: Category[]
  ages: string[]
  tags: string[]
}

/** A catalogue file that cannot be imported: one line per fault, `file:line: field "x": what`. */
export class CatalogFileError extends Error {
  constructor(readonly faults: string[]) {
    super(faults.join('\n'))
    this.name = 'CatalogFileError'
  }
}

/** The largest value of an `integer` column. */
const INT_MAX = 2_147_483_647
/** The largest capacity one space good may sell, in MB (1 PB). */
const CAPACITY_MAX_MB = 1_073_741_824
/** The longest membership plan, in months (0 = permanent). */
const MONTHS_MAX = 1200
/** A plan's label (`推荐`): a short badge. */
const VIP_TAG_MAX = 10

type Rule = (value: unknown) => string | null

const integer =
  (min: number, max: number, unit = ''): Rule =>
  (v) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return `must be a number${unit}, not ${JSON.stringify(v)}`
    if (!Number.isInteger(v)) return `must be a whole number${unit}, not ${v}`
    if (v < min || v > max) return `must be from ${min} to ${max}${unit}, not ${v}`
    return null
  }

/** Text as the pages show it: trimmed, no control or format characters, at most `max` characters. */
const text =
  (max: number, allowEmpty = false): Rule =>
  (v) => {
    if (typeof v !== 'string') return `must be a string, not ${JSON.stringify(v)}`
    if (v === '') return allowEmpty ? null : 'must not be empty'
    if (v.trim() !== v) return `has spaces around it: ${JSON.stringify(v)}`
    if (/[\p{Cc}\p{Cf}\p{Cs}]/u.test(v)) return `holds a control or invisible character: ${JSON.stringify(v)}`
    const n = countCharacters(v)
    if (n > max) return `must be at most ${max} characters, not ${n}`
    return null
  }

const CENTS = ' of cents (19.8 yuan is 1980)'

/** Each kind's fields: required ones, and optional ones with their default. */
const KINDS = {
  space: {
    required: {
      id: integer(1, INT_MAX),
      name: text(TITLE_MAX),
      capacity: integer(1, CAPACITY_MAX_MB, ' of MB'),
      money: integer(0, INT_MAX, CENTS),
    },
    optional: {},
  },
  vip: {
    required: { id: integer(1, INT_MAX), name: text(TITLE_MAX), months: integer(0, MONTHS_MAX), money: integer(0, INT_MAX, CENTS) },
    optional: { originalMoney: [integer(0, INT_MAX, CENTS), 0], tag: [text(VIP_TAG_MAX, true), ''] },
  },
  category: { required: { id: integer(1, INT_MAX), name: text(TITLE_MAX) }, optional: {} },
  age: { required: { value: text(AGE_MAX) }, optional: {} },
  tag: { required: { value: text(TAG_MAX) }, optional: {} },
} as const satisfies Record<string, { required: Record<string, Rule>; optional: Record<string, readonly [Rule, unknown]> }>

type Kind = keyof typeof KINDS
const KIND_NAMES = Object.keys(KINDS) as Kind[]

/**
 * Parses and checks a catalogue file's text; `name` is how faults name the file. Throws
 * {@link CatalogFileError} listing every fault; returns the catalogue only when there is none.
 */
export function parseCatalog(source: string, name: string): Catalog {
  const faults: string[] = []
  const catalog: Catalog = { space: [], vip: [], categories: [], ages: [], tags: [] }
  /** Where each id / name / value was first seen: `kind key` → line. */
  const seen = new Map<string, number>()
  const unique = (line: number, field: string, key: string, what: string) => {
    const first = seen.get(key)
    if (first === undefined) seen.set(key, line)
    else faults.push(`${name}:${line}: field "${field}": ${what} already on line ${first}`)
  }
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/)
  lines.forEach((raw, index) => {
    const line = index + 1
    const trimmed = raw.trim()
    if (trimmed === '' || trimmed.startsWith('#')) return
    let record: unknown
    try {
      record = JSON.parse(trimmed)
    } catch (error) {
      faults.push(`${name}:${line}: not JSON (${(error as Error).message})`)
      return
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      faults.push(`${name}:${line}: must be one JSON object, with its "kind"`)
      return
    }
    const fields = record as Record<string, unknown>
    const kind = fields.kind
    if (typeof kind !== 'string' || !KIND_NAMES.includes(kind as Kind)) {
      faults.push(`${name}:${line}: field "kind": must be one of ${KIND_NAMES.join(', ')}, not ${JSON.stringify(kind)}`)
      return
    }
    const rules = KINDS[kind as Kind]
    const required = rules.required as Record<string, Rule>
    const optional = rules.optional as Record<string, readonly [Rule, unknown]>
    const values: Record<string, unknown> = {}
    /** The fields with a fault (a duplicate is only looked for in a field without one). */
    const bad = new Set<string>()
    const check = (field: string, rule: Rule) => {
      const fault = rule(fields[field])
      if (fault) {
        faults.push(`${name}:${line}: field "${field}": ${fault}`)
        bad.add(field)
      }
      values[field] = fields[field]
    }
    for (const [field, rule] of Object.entries(required)) {
      if (field in fields) check(field, rule)
      else {
        faults.push(`${name}:${line}: field "${field}": missing`)
        bad.add(field)
      }
    }
    for (const [field, [rule, fallback]] of Object.entries(optional)) {
      if (field in fields) check(field, rule)
      else values[field] = fallback
    }
    for (const field of Object.keys(fields)) {
      if (field !== 'kind' && !(field in required) && !(field in optional)) {
        const known = [...Object.keys(required), ...Object.keys(optional)].join(', ')
        faults.push(`${name}:${line}: field "${field}": unknown for kind "${kind}" (its fields: ${known})`)
        bad.add(field)
      }
    }
    const id = values.id as number
    const label = values.name as string
    switch (kind as Kind) {
      case 'space':
      case 'vip':
        // A `buyGoods` id says which kind of goods it is: space goods and plans never share one.
        if (!bad.has('id')) unique(line, 'id', `goods ${id}`, `id ${id} (of a space good or plan)`)
        break
      case 'category':
        if (!bad.has('id')) unique(line, 'id', `category ${id}`, `category id ${id}`)
        if (!bad.has('name')) unique(line, 'name', `category name ${label}`, `category name ${JSON.stringify(label)}`)
        break
      case 'age':
      case 'tag':
        if (!bad.has('value')) unique(line, 'value', `${kind} ${values.value as string}`, `${kind} ${JSON.stringify(values.value)}`)
        break
    }
    if (bad.size > 0) return
    switch (kind as Kind) {
      case 'space': {
        const goods = values as unknown as SpaceGoods
        catalog.space.push({ id: goods.id, name: goods.name, capacity: goods.capacity, money: goods.money })
        break
      }
      case 'vip': {
        const plan = values as unknown as VipGoods
        catalog.vip.push({
          id: plan.id,
          name: plan.name,
          months: plan.months,
          money: plan.money,
          originalMoney: plan.originalMoney,
          tag: plan.tag,
        })
        break
      }
      case 'category':
        catalog.categories.push({ id, name: label })
        break
      case 'age':
        catalog.ages.push(values.value as string)
        break
      case 'tag':
        catalog.tags.push(values.value as string)
        break
    }
  })
  const records = Object.values(catalog).reduce((n, list: unknown[]) => n + list.length, 0)
  // A file emptied by mistake would remove the whole catalogue.
  if (faults.length === 0 && records === 0)
    faults.push(`${name}: no records: an import makes the catalogue the file, and would remove it all`)
  if (faults.length > 0) throw new CatalogFileError(faults)
  return catalog
}

/** The catalogue as a file {@link parseCatalog} reads back equal (`npm run catalog -- export`). */
export function formatCatalog(catalog: Catalog, header: readonly string[] = []): string {
  const lines = [
    ...header.map((line) => `# ${line}`),
    ...catalog.space.map((g) => ({ kind: 'space', id: g.id, name: g.name, capacity: g.capacity, money: g.money })),
    ...catalog.vip.map((p) => ({
      kind: 'vip',
      id: p.id,
      name: p.name,
      months: p.months,
      money: p.money,
      originalMoney: p.originalMoney,
      tag: p.tag,
    })),
    ...catalog.categories.map((c) => ({ kind: 'category', id: c.id, name: c.name })),
    ...catalog.ages.map((value) => ({ kind: 'age', value })),
    ...catalog.tags.map((value) => ({ kind: 'tag', value })),
  ]
  return lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n'
}
