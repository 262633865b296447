import ts from 'typescript';

/**
 * What of an endpoint the web build keeps (vite.config.ts, `kestrel:inert-contract-schemas`).
 *
 * At run time the app reads an endpoint's method, path, auth, body encoding and answer kind
 * (src/shared/api/call.ts); its schemas serve as TYPES only (build/inert-zod.ts) and its summary and
 * tag document the API for the server's OpenAPI page. Yet every endpoint any screen calls would
 * carry all of that into the entry chunk, because each contract module lands whole in the chunk of
 * its first user. So in `defineEndpoint({...})` calls this drops `summary`, `tag`, `query`, `body`
 * and the answer's `schema`, leaving the plain fields. Types are untouched: the type checker reads
 * the source, not this output.
 */
const DROPPED = new Set(['summary', 'tag', 'query', 'body']);

interface Cut {
  start: number;
  end: number;
}

function propertyName(property: ts.ObjectLiteralElementLike, source: ts.SourceFile): string | null {
  if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) return null;
  return property.name.getText(source);
}

/** The cut that removes a property and the comma after it. */
function cutOf(property: ts.ObjectLiteralElementLike, source: ts.SourceFile): Cut {
  const text = source.text;
  let end = property.getEnd();
  while (end < text.length && /\s/.test(text[end] ?? '')) end += 1;
  if (text[end] === ',') end += 1;
  return { start: property.getStart(source), end };
}

export function leanEndpoints(code: string, fileName: string): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts: Cut[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineEndpoint') {
      const definition = node.arguments[0];
      if (definition && ts.isObjectLiteralExpression(definition)) {
        for (const property of definition.properties) {
          const name = propertyName(property, source);
          if (name !== null && DROPPED.has(name)) cuts.push(cutOf(property, source));
          if (
            name === 'answer' &&
            ts.isPropertyAssignment(property) &&
            ts.isObjectLiteralExpression(property.initializer)
          ) {
            for (const inner of property.initializer.properties) {
              if (propertyName(inner, source) === 'schema') cuts.push(cutOf(inner, source));
            }
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (cuts.length === 0) return code;
  let result = code;
  for (const cut of cuts.sort((a, b) => b.start - a.start)) result = result.slice(0, cut.start) + result.slice(cut.end);
  return result;
}
