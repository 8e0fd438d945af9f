import fs from 'node:fs';
import path from 'node:path';
import { matchClientRoute, PAGE_HINTS } from '../../contract/routes.ts';

/** One chunk of Vite's build manifest (`build.manifest`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(webDir: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return null; // an older build, or none: pages go without hints
  }
}

/**
 * `Link` header values for a page's HTML: the page's own chunks as module preloads and the API
 * call its first screen waits for as a fetch preload (PAGE_HINTS). Without them the browser asks
 * for the page's code only once the app's script has run, and for the data only once that code
 * has run. Chunks the HTML already loads are left out. Built once per route.
 */
export function pageHints(
  webDir: string | null,
): (pathname: string, options?: { data?: boolean }) => string[] {
  const manifest = webDir ? readManifest(webDir) : null;
  /** `key` and every chunk it imports, depth first, leaving out those in `skip` (added to it). */
  const chunks = (key: string, skip: Set<string>, out: string[] = []): string[] => {
    if (!manifest?.[key] || skip.has(key)) return out;
    skip.add(key);
    out.push(manifest[key].file);
    for (const child of manifest[key].imports ?? []) chunks(child, skip, out);
    return out;
  };
  const inEntry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest ?? {}))
    if (chunk.isEntry) chunks(key, inEntry);
  const modules = new Map<string, string[]>();
  const moduleLinks = (source: string): string[] => {
    let links = modules.get(source);
    if (!links) {
      links = chunks(source, new Set(inEntry)).map(
        (file) => `</${file}>; rel=modulepreload; crossorigin`,
      );
      modules.set(source, links);
    }
    return links;
  };

  /** With `data: false` (a page rendered with its data) only the code is hinted. */
  return (pathname, { data = true }: { data?: boolean } = {}) => {
    const match = matchClientRoute(pathname);
    const hint = match ? PAGE_HINTS[match.route] : undefined;
    if (!match || !hint) return [];
    const links = [...moduleLinks(hint.module)];
    // Only well-formed ids: a page with a bad one shows its error without asking.
    if (
      data &&
      hint.data &&
      Object.values(match.params).every((value) => /^[1-9]\d{0,15}$/.test(value))
    ) {
      links.push(`<${hint.data(match.params)}>; rel=preload; as=fetch; crossorigin`);
    }
    return links;
  };
}
