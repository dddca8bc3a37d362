/**
 * A small JSON Schema (draft 2020-12) checker for bdb's output schemas (docs/schema/*.schema.json), standing
 * in until a full validator (ajv) is a devDependency. It knows the keywords those schemas use and refuses
 * any other, so a schema can never lean on a keyword this checker would skip: $schema, $id, $defs, $ref
 * (in the same file or another schema of the folder), title, description, type, properties, required,
 * additionalProperties, items, prefixItems, minItems, enum, const, minimum, maximum, pattern, anyOf.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Schema = { [keyword: string]: unknown } | boolean;

/** The folder of the schemas. */
export const SCHEMA_DIR = fileURLToPath(new URL('../../docs/schema/', import.meta.url));

const KNOWN = new Set([
  '$schema',
  '$id',
  '$defs',
  '$ref',
  'title',
  'description',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'minItems',
  'enum',
  'const',
  'minimum',
  'maximum',
  'pattern',
  'anyOf',
]);

/** Every schema of the folder, by its `$id` (e.g. `docs/schema/stats.schema.json`). */
export function loadSchemas(dir: string = SCHEMA_DIR): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.schema.json'))
    .sort()) {
    const s = JSON.parse(readFileSync(`${dir}${f}`, 'utf8')) as Record<string, unknown>;
    out.set(String(s.$id), s);
  }
  return out;
}

/** The keywords of `schema` (and of every schema inside it) that this checker does not know. */
export function unknownKeywords(schema: unknown, path = '#'): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const out: string[] = [];
  const s = schema as Record<string, unknown>;
  for (const [k, v] of Object.entries(s)) {
    if (!KNOWN.has(k)) out.push(`${path}: ${k}`);
    if (k === 'properties' || k === '$defs') {
      for (const [name, sub] of Object.entries(v as Record<string, unknown>))
        out.push(...unknownKeywords(sub, `${path}/${k}/${name}`));
    } else if (k === 'prefixItems' || k === 'anyOf') {
      (v as unknown[]).forEach((sub, i) => {
        out.push(...unknownKeywords(sub, `${path}/${k}/${i}`));
      });
    } else if (k === 'items' || k === 'additionalProperties') out.push(...unknownKeywords(v, `${path}/${k}`));
  }
  return out;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function hasType(v: unknown, t: string): boolean {
  switch (t) {
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'object':
      return typeOf(v) === 'object';
    default:
      return typeOf(v) === t;
  }
}

/** Checks instances against the schemas of one folder. */
export class SchemaChecker {
  private readonly schemas: Map<string, Record<string, unknown>>;
  constructor(schemas: Map<string, Record<string, unknown>> = loadSchemas()) {
    this.schemas = schemas;
  }

  /** What in `instance` breaks the schema `$id` (empty when it conforms); each line names the place. */
  errors(instance: unknown, id: string): string[] {
    const root = this.schemas.get(id);
    if (!root) return [`no schema ${id}`];
    const out: string[] = [];
    this.check(instance, root, id, '$', out);
    return out;
  }

  /** The schema a `$ref` names, and the `$id` of the file it is in. */
  private resolve(ref: string, base: string): [Schema, string] {
    const [file, pointer = ''] = ref.split('#');
    const id = file ? `${base.slice(0, base.lastIndexOf('/') + 1)}${file}` : base;
    let node: unknown = this.schemas.get(id);
    if (node === undefined) throw new Error(`$ref ${ref}: no schema ${id}`);
    for (const part of pointer.split('/').filter((p) => p !== '')) {
      node = (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
      if (node === undefined) throw new Error(`$ref ${ref}: nothing at ${pointer} in ${id}`);
    }
    return [node as Schema, id];
  }

  private check(v: unknown, schema: Schema, base: string, path: string, out: string[]): void {
    if (schema === true) return;
    if (schema === false) {
      out.push(`${path}: not allowed`);
      return;
    }
    for (const k of Object.keys(schema))
      if (!KNOWN.has(k)) throw new Error(`unknown keyword ${k} at ${path}`);
    if (typeof schema.$ref === 'string') {
      const [target, id] = this.resolve(schema.$ref, base);
      this.check(v, target, id, path, out);
    }
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
      if (!types.some((t) => hasType(v, t))) {
        const shown = typeof v === 'number' ? String(v) : JSON.stringify(v)?.slice(0, 60);
        out.push(`${path}: ${shown} is not ${types.join(' or ')}`);
        return;
      }
    }
    if ('const' in schema && JSON.stringify(v) !== JSON.stringify(schema.const))
      out.push(`${path}: ${JSON.stringify(v)} is not ${JSON.stringify(schema.const)}`);
    if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(v)))
      out.push(`${path}: ${JSON.stringify(v)} is not one of ${JSON.stringify(schema.enum)}`);
    if (typeof v === 'number') {
      if (typeof schema.minimum === 'number' && v < schema.minimum)
        out.push(`${path}: ${v} is below ${schema.minimum}`);
      if (typeof schema.maximum === 'number' && v > schema.maximum)
        out.push(`${path}: ${v} is above ${schema.maximum}`);
    }
    if (
      typeof v === 'string' &&
      typeof schema.pattern === 'string' &&
      !new RegExp(schema.pattern, 'u').test(v)
    )
      out.push(`${path}: ${JSON.stringify(v)} does not match ${schema.pattern}`);
    if (Array.isArray(schema.anyOf)) {
      const passes = (schema.anyOf as Schema[]).some((sub) => {
        const errs: string[] = [];
        this.check(v, sub, base, path, errs);
        return errs.length === 0;
      });
      if (!passes) out.push(`${path}: matches none of anyOf`);
    }
    if (typeOf(v) === 'object') this.checkObject(v as Record<string, unknown>, schema, base, path, out);
    if (Array.isArray(v)) this.checkArray(v, schema, base, path, out);
  }

  private checkObject(
    v: Record<string, unknown>,
    schema: { [keyword: string]: unknown },
    base: string,
    path: string,
    out: string[],
  ): void {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const k of (schema.required ?? []) as string[])
      if (!Object.hasOwn(v, k)) out.push(`${path}: missing ${k}`);
    for (const [k, x] of Object.entries(v)) {
      if (Object.hasOwn(props, k)) this.check(x, props[k]!, base, `${path}.${k}`, out);
      else if (schema.additionalProperties !== undefined)
        this.check(x, schema.additionalProperties as Schema, base, `${path}.${k}`, out);
    }
  }

  private checkArray(
    v: unknown[],
    schema: { [keyword: string]: unknown },
    base: string,
    path: string,
    out: string[],
  ): void {
    const prefix = (schema.prefixItems ?? []) as Schema[];
    if (typeof schema.minItems === 'number' && v.length < schema.minItems)
      out.push(`${path}: ${v.length} items, fewer than ${schema.minItems}`);
    v.forEach((x, i) => {
      if (i < prefix.length) this.check(x, prefix[i]!, base, `${path}[${i}]`, out);
      else if (schema.items !== undefined) this.check(x, schema.items as Schema, base, `${path}[${i}]`, out);
    });
  }
}
