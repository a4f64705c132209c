import { useNavigate } from 'react-router';

/**
 * "Go back" of spec section 4 (user creation, 'Отмена' on create screens). A page opened directly has
 * nothing to go back to in this tab, so it falls back to the given list.
 */
export function useGoBack(fallbackHref: string) {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(fallbackHref);
  };
}
