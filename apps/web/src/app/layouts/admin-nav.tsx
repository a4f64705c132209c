import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useText } from '@/lib/i18n/catalogue';
import { type AppText, appTexts } from '../texts';
import classes from './admin-nav.module.css';

type Section = { label: AppText; href: string; end?: boolean };

/**
 * The admin area's sections (issue 16), in the order an admin works through them. A section stays marked
 * on its create and settings screens (/admin/users/7 is 'Пользователи'); 'Обзор' only on the home itself.
 */
const SECTIONS: readonly Section[] = [
  { label: 'Обзор', href: paths.admin.home.getHref(), end: true },
  { label: 'Пользователи', href: paths.admin.users.getHref() },
  { label: 'Организации', href: paths.admin.organizations.getHref() },
  { label: 'Тарифы', href: paths.admin.plans.getHref() },
  { label: 'Платежи', href: paths.admin.payments.getHref() },
  { label: 'Возвраты', href: paths.admin.refunds.getHref() },
  { label: 'Приложения', href: paths.admin.applications.getHref() },
  { label: 'Журнал', href: paths.admin.audit.getHref() },
  { label: 'Вебхуки', href: paths.admin.webhooks.getHref() },
];

/**
 * The section bar under the admin header, the same at every width: on a phone it scrolls sideways inside
 * itself (never the page), keeps the current section in view and fades the edge that hides more.
 */
export function AdminNav() {
  const t = useText(appTexts);
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const [more, setMore] = useState({ start: false, end: false });

  // The list's own scroll position says which edges hide sections; it changes on scroll and on resize.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () =>
      setMore({
        start: list.scrollLeft > 1,
        end: list.scrollLeft + list.clientWidth < list.scrollWidth - 1,
      });
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);

  // A phone opened on 'Журнал' would otherwise show the first sections and hide the marked one; the
  // marked link moves with the path.
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    const left = current.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = left - (list.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);

  return (
    <nav
      aria-label={t('Разделы администрирования')}
      className={classes.nav}
      data-more-start={more.start || undefined}
      data-more-end={more.end || undefined}
    >
      <ul ref={listRef} className={classes.list}>
        {SECTIONS.map((section) => (
          <li key={section.href} className={classes.item}>
            <NavLink to={section.href} end={section.end} className={classes.link}>
              {t(section.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
