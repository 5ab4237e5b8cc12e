import fs from 'node:fs';
import { registerHooks } from 'node:module';

/**
 * To learn whether a `.js` file is an ES module, Node reads its package's package.json, and Node 24
 * parses that file's whole `exports` map again for every file (the lazily parsed field is copied by
 * an object spread, which runs the parser). drizzle-orm's package.json is 179 KB and the server loads
 * a few hundred of its files: importing it cost 1.3 s of CPU, most of a process's start
 * (docs/architecture.md, "Runtime"). Its files import each other by relative `.js` paths
 * inside a `"type": "module"` package, so those resolve here to what Node would answer, without the
 * lookup. Everything else goes to Node's resolver unchanged.
 *
 * Modules statically imported by the module that calls this are resolved before it runs: an entry
 * point calls it first and then imports the rest with `await import()`.
 */
export function resolveDrizzleQuickly(): void {
  const root = new URL('../node_modules/drizzle-orm/', import.meta.url);
  let type: unknown;
  try {
    type = (JSON.parse(fs.readFileSync(new URL('package.json', root), 'utf8')) as { type?: unknown }).type;
  } catch {
    return; // installed elsewhere: Node's resolver finds it
  }
  if (type !== 'module') return;
  const inside = root.href;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (
        context.parentURL?.startsWith(inside) &&
        context.parentURL.endsWith('.js') &&
        (specifier.startsWith('./') || specifier.startsWith('../')) &&
        specifier.endsWith('.js')
      ) {
        return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
}
