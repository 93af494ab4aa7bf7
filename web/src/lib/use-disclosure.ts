import {
  useEffect,
  useEffectEvent,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';

interface DisclosureOptions {
  open: boolean;
  close: () => void;
  /**
   * A popover's root (the element holding its button and its panel): Escape anywhere on the page
   * and a pointer press outside the root close it. Without one the disclosure is inline and hears
   * Escape only inside its panel, so Escape elsewhere on the page stays the page's.
   */
  popoverRoot?: RefObject<HTMLElement | null>;
}

/**
 * What the site's disclosures (header menus, the bell's panel, folded filters, the project
 * picker) share: Escape closes an open one and gives the focus back to its button. Attach
 * `buttonRef` to the button; an inline disclosure puts `onPanelKeyDown` inside its panel.
 */
export function useDisclosure<Button extends HTMLElement = HTMLButtonElement>({
  open,
  close,
  popoverRoot,
}: DisclosureOptions) {
  const buttonRef = useRef<Button>(null);
  const closeAndReturn = () => {
    close();
    buttonRef.current?.focus();
  };
  const onDocumentKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') closeAndReturn();
  });
  const onDocumentPointer = useEffectEvent((event: PointerEvent) => {
    if (!popoverRoot?.current?.contains(event.target as Node)) close();
  });
  const popover = popoverRoot !== undefined;

  useEffect(() => {
    if (!open || !popover) return undefined;
    const onKey = (event: KeyboardEvent) => onDocumentKey(event);
    const onPointer = (event: PointerEvent) => onDocumentPointer(event);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, popover]);

  const onPanelKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    closeAndReturn();
  };

  return { buttonRef, onPanelKeyDown };
}
