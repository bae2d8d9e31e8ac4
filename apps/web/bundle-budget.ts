import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Prints the gzip size of the JavaScript the first page load needs (the entry chunk and its
 * static imports; lazily loaded routes excluded) and fails the build above the budget.
 */
export function bundleBudget(budgetKb: number): Plugin {
  return {
    name: 'signet-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((o) => o.type === 'chunk')
          .map((c) => [c.fileName, c]),
      );
      const initial = new Set<string>();
      const visit = (name: string) => {
        if (initial.has(name)) return;
        initial.add(name);
        for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      let bytes = 0;
      for (const name of initial) bytes += gzipSync(chunks.get(name)?.code ?? '').length;
      const kb = bytes / 1024;
      const line = `initial JavaScript: ${kb.toFixed(1)} KB gzip in ${initial.size} chunks (budget ${budgetKb} KB)`;
      if (kb > budgetKb) this.error(line);
      this.info(line);
      console.log(line);
    },
  };
}
