import { endpointKey } from './endpoint-key';

/** Query keys of the payments area (contracts' paymentsEndpoints). */
export const paymentKeys = {
  history: endpointKey('payments', 'history'),
  historyPage: (page: number, userId?: number) =>
    [...endpointKey('payments', 'history'), page, ...(userId ? [{ userId }] : [])] as const,
  /** What paying for a plan now would do (decision 0162); a payment changes it. */
  checkoutPreview: (planId: number, period: string) =>
    [...endpointKey('payments', 'checkoutPreview'), planId, period] as const,
  settings: endpointKey('payments', 'settings'),
  /** The result page's poll of one order (issue 28). */
  order: (label: string) => [...endpointKey('payments', 'order'), label] as const,
  orders: endpointKey('payments', 'order'),
  /** The saved payment method and auto-renewal (issue 28). */
  paymentMethod: endpointKey('payments', 'paymentMethod'),
  /** A payment's printable receipt (issue 15). */
  receipt: (paymentId: number) => [...endpointKey('billing', 'receipt'), paymentId] as const,
  /** The admins' payments list (issue 15), by page and filters. */
  adminList: endpointKey('billing', 'payments'),
  adminListPage: (page: number, filters: object) =>
    [...endpointKey('billing', 'payments'), page, filters] as const,
  /** The refunds list and the admin home's count of open cases: a resolve refreshes both. */
  refunds: endpointKey('payments', 'refunds'),
  refundsPage: (page: number) => [...endpointKey('payments', 'refunds'), 'page', page] as const,
  openRefunds: [...endpointKey('payments', 'refunds'), 'open'] as const,
};
