/**
 * bdb's output schemas (docs/schema/*.schema.json, JSON Schema draft 2020-12) checked with Ajv, the usual
 * validator, in strict mode: a schema using a keyword Ajv does not know, or an ambiguous one, does not
 * compile. Errors are given one per line, each naming the place in the output (`$.players[0].pr`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';

type Ajv2020Class = typeof import('ajv/dist/2020.js').default;
const Ajv2020 = createRequire(import.meta.url)('ajv/dist/2020') as Ajv2020Class;

/** The folder of the schemas. */
export const SCHEMA_DIR = fileURLToPath(new URL('../../docs/schema/', import.meta.url));

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

/** `/players/0/pr` → `$.players[0].pr`. */
function place(pointer: string): string {
  return `$${pointer
    .split('/')
    .slice(1)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('')}`;
}

function line(e: ErrorObject): string {
  const at = place(e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${at}: missing ${String(p.missingProperty)}`;
    case 'additionalProperties':
      return `${at}.${String(p.additionalProperty)}: not allowed`;
    case 'type':
      return `${at}: ${JSON.stringify(e.data)} is not ${String(p.type).split(',').join(' or ')}`;
    default:
      return `${at}: ${e.message ?? e.keyword}`;
  }
}

/** Checks outputs against the schemas of a folder (all loaded, so `$ref`s between them resolve). */
export class SchemaChecker {
  private readonly ajv: InstanceType<Ajv2020Class>;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(schemas: Map<string, Record<string, unknown>> = loadSchemas()) {
    this.ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true });
    for (const s of schemas.values()) this.ajv.addSchema(s);
  }

  /** Compiles the schema `$id` (throws when strict mode refuses it). */
  compile(id: string): ValidateFunction {
    let v = this.compiled.get(id);
    if (!v) {
      const found = this.ajv.getSchema(id);
      if (!found) throw new Error(`no schema ${id}`);
      v = found;
      this.compiled.set(id, v);
    }
    return v;
  }

  /** What in `instance` breaks the schema `$id` (empty when it conforms); each line names the place. */
  errors(instance: unknown, id: string): string[] {
    const validate = this.compile(id);
    return validate(instance) ? [] : (validate.errors ?? []).map(line);
  }
}
