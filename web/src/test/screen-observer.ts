/**
 * An IntersectionObserver (jsdom has none) whose targets reach the screen when a test says so:
 * `vi.stubGlobal('IntersectionObserver', ScreenObserver)`, then `ScreenObserver.reportAll(true)`.
 */
export class ScreenObserver {
  static instances: ScreenObserver[] = [];
  readonly targets: Element[] = [];

  constructor(private readonly callback: IntersectionObserverCallback) {
    ScreenObserver.instances.push(this);
  }

  observe(target: Element) {
    this.targets.push(target);
  }

  disconnect() {
    this.targets.length = 0;
  }

  /** Reports every target of this observer as on screen, or not. */
  report(isIntersecting: boolean) {
    const entries = this.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }

  /**
   * Whether any observer watches a target yet. A component makes its observer in an effect, which
   * React may run a turn after it drew the placeholder a test waits for: report only once this holds.
   */
  static watching(): boolean {
    return ScreenObserver.instances.some((observer) => observer.targets.length > 0);
  }

  /** Reports every watched target, of every observer, as on screen or not. */
  static reportAll(isIntersecting: boolean) {
    for (const observer of ScreenObserver.instances) observer.report(isIntersecting);
  }
}
