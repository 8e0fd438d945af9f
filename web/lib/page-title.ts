import { useEffect } from 'react';
import { pageTitle } from '../../contract/rules/page-title.ts';

/**
 * Names the tab after the page ("Artist name · Chorus"). A page whose name comes with its data
 * passes nothing while it loads, so the tab says "Chorus" rather than the page before's name.
 */
export function usePageTitle(name: string | null | undefined): void {
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
}
