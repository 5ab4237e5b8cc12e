// How dependency-cruiser reads our TypeScript (.dependency-cruiser.cjs). It reads TypeScript through
// the TypeScript compiler's API, which TypeScript 7.0 does not offer, so it hands each file to Babel
// with this configuration instead. Babel would drop type-only imports when it strips the types; this
// plugin rather reduces each file to its imports, all of them (`import type`, `export … from`,
// `import('…')` in code and in types, `require`), so the layer rules and the cycle check see every
// dependency the type checker sees.

function importsOnly({ types: t }) {
  return {
    name: 'imports-only',
    manipulateOptions(options, parserOptions) {
      parserOptions.plugins.push('typescript');
      if (options.filename?.endsWith('.tsx')) parserOptions.plugins.push('jsx');
    },
    visitor: {
      Program(program) {
        const statics = [];
        const dynamics = [];
        const requires = [];
        const add = (list, source) => {
          if (source?.type === 'StringLiteral') list.push(source.value);
        };
        program.traverse({
          ImportDeclaration: (path) => add(statics, path.node.source),
          ExportNamedDeclaration: (path) => add(statics, path.node.source),
          ExportAllDeclaration: (path) => add(statics, path.node.source),
          TSImportEqualsDeclaration: (path) => add(statics, path.node.moduleReference.expression),
          TSImportType: (path) => add(statics, path.node.source?.literal ?? path.node.source),
          ImportExpression: (path) => add(dynamics, path.node.source),
          CallExpression(path) {
            const { callee, arguments: args } = path.node;
            if (callee.type === 'Import') add(dynamics, args[0]);
            else if (callee.type === 'Identifier' && callee.name === 'require') add(requires, args[0]);
          },
        });
        const call = (callee, source) =>
          t.expressionStatement(t.callExpression(callee, [t.stringLiteral(source)]));
        program.node.directives = [];
        program.node.body = [
          ...statics.map((source) => t.importDeclaration([], t.stringLiteral(source))),
          ...dynamics.map((source) => t.expressionStatement(t.importExpression(t.stringLiteral(source)))),
          ...requires.map((source) => call(t.identifier('require'), source)),
        ];
        program.skip();
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  sourceType: 'module',
  plugins: [importsOnly],
};
