import { useNavigate } from 'react-router';
import { isTabsFirstPage } from './browser-history.ts';

/**
 * What a page's Back does: one step back in the app, or home on a tab's first page (opened from
 * a link or typed in), where a step back would leave Chorus.
 */
export function useBack(): () => void {
  const navigate = useNavigate();
  return () => (isTabsFirstPage() ? navigate('/') : navigate(-1));
}
