/**
 * A getByText matcher for a text split over elements (an e-mail in EmailText's <span> with <wbr>s): the
 * innermost element whose whole textContent is `text`.
 */
export function withTextContent(text: string) {
  return (_: string, element: Element | null): boolean =>
    element?.textContent === text &&
    !Array.from(element.children).some((child) => child.textContent === text);
}
