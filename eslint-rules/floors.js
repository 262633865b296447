// The house's floors (docs/architecture.md, "Floors"), enforced on every relative import of the server
// and the web app. A floor may import the floors below it, never one beside or above it, so the house
// has no import cycles and a newcomer can tell where a mechanism lives from where it is imported.
//
// Server (apps/server/src), bottom to top:
//   db            schema, connection, migrations
//   core          mechanisms every feature uses (idempotency, attempt guard, customer lock, money
//                 columns, secrets, enums, refusals)
//   http, realtime, jobs, notify
//                 the route layer, the WebSocket hub, the scheduler, the notifier
//   features/ledger, features/language
//                 shared features: the journal and the language packs
//   features/<any other>
//                 one feature each; never another feature's files
//   features/portfolio
//                 the read model on top: reads other features' published read models (summary.ts)
//   app.ts, main.ts, seed/, scripts/
//                 composition: anything
// Web (apps/web/src): features/<name> import only shared/ (and the packages); shared/ imports no
// feature; app/ (the shell and router) composes them.
// Tests (*.test.ts[x], *.test-helper.ts, test-support.ts, test/) sit above everything and are exempt.
import path from 'node:path';

const SERVER = 'apps/server/src/';
const WEB = 'apps/web/src/';
const SHARED_SERVER_FEATURES = new Set(['ledger', 'language', 'staff', 'messages']);
const SERVER_INFRASTRUCTURE = ['core', 'http', 'realtime', 'jobs', 'notify', 'db'];
/** What each server floor may import, besides itself. */
const SERVER_ALLOWED = {
  db: [],
  core: ['db'],
  http: ['db', 'core'],
  realtime: ['db', 'core', 'http'],
  jobs: ['db', 'core'],
  notify: ['core'],
  'shared-feature': ['db', 'core', 'http', 'realtime', 'jobs', 'notify', 'context', 'shared-feature'],
  feature: ['db', 'core', 'http', 'realtime', 'jobs', 'notify', 'context', 'shared-feature'],
  context: ['db', 'core', 'http', 'jobs', 'notify', 'shared-feature'],
};

function isTest(relative) {
  return /\.test\.tsx?$|\.test-helper\.ts$|test-support\.ts$|\/test\//.test(relative);
}

/** The floor of a server file: { floor, feature? } or null for composition files (anything goes). */
function serverPlace(relative) {
  const inner = relative.slice(SERVER.length).replace(/\.(ts|js)$/, '');
  const [first, second] = inner.split('/');
  if (first === 'features' && second) {
    return { floor: SHARED_SERVER_FEATURES.has(second) ? 'shared-feature' : 'feature', feature: second };
  }
  if (SERVER_INFRASTRUCTURE.includes(first)) return { floor: first };
  // app-context.ts and config.ts are what every feature is handed; app.ts, main.ts, seed, scripts compose.
  if (inner === 'app-context' || inner === 'config') return { floor: 'context' };
  return null;
}

function serverProblem(fromRelative, toRelative) {
  if (!toRelative.startsWith(SERVER)) return null; // the packages
  const from = serverPlace(fromRelative);
  const to = serverPlace(toRelative);
  if (!from) return null;
  if (!to) return `the ${from.floor} floor may not import ${toRelative.slice(SERVER.length)} (composition sits on top)`;
  if (from.feature && from.feature === to.feature) return null;
  if (from.floor === to.floor && !from.feature) return null;
  if (from.feature === 'portfolio' && to.floor === 'feature' && /\/summary(\.ts)?$/.test(toRelative)) return null;
  if (SERVER_ALLOWED[from.floor]?.includes(to.floor)) return null;
  const target = to.feature ? `the ${to.feature} feature` : `the ${to.floor} floor`;
  const source = from.feature ? `the ${from.feature} feature` : `the ${from.floor} floor`;
  return `${source} may not import ${target} (${toRelative.slice(SERVER.length)})`;
}

function webProblem(fromRelative, toRelative) {
  if (!toRelative.startsWith(WEB)) return null; // the packages
  const [fromTop, fromFeature] = fromRelative.slice(WEB.length).split('/');
  const [toTop, toFeature] = toRelative.slice(WEB.length).split('/');
  if (fromTop === 'features') {
    if (toTop === 'features' && toFeature === fromFeature) return null;
    if (toTop === 'shared') return null;
    return `the ${fromFeature} screen feature may import only shared/ and itself, not ${toRelative.slice(WEB.length)}`;
  }
  if (fromTop === 'shared' && (toTop === 'features' || toTop === 'app')) {
    return `shared/ may not import ${toRelative.slice(WEB.length)}: features and the shell sit above it`;
  }
  return null;
}

export const floorsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports go down the floors of the house (docs/architecture.md, "Floors")' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: { forbidden: '{{problem}}' },
  },
  create(context) {
    const root = context.options[0]?.root ?? process.cwd();
    const fromRelative = path.relative(root, context.filename).split(path.sep).join('/');
    const onServer = fromRelative.startsWith(SERVER);
    const onWeb = fromRelative.startsWith(WEB);
    if ((!onServer && !onWeb) || isTest(fromRelative)) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value);
      const toRelative = path.relative(root, target).split(path.sep).join('/');
      const problem = onServer ? serverProblem(fromRelative, toRelative) : webProblem(fromRelative, toRelative);
      if (problem) context.report({ node, messageId: 'forbidden', data: { problem } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { floors: floorsRule } };
