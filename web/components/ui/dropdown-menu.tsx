import {
  type ComponentProps,
  type ComponentType,
  type ExoticComponent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  useState,
} from "react";
import { lazyModule } from "@/lib/lazy-module";
import type * as Radix from "./dropdown-menu-radix";

// Radix's menu, with its popper and floating-ui, is 15 KB of a first visit (ADR 014): it loads a moment
// after the first screen, or at once when a menu is opened before that. Until then a trigger is the
// plain button it wraps, and opening it asks for the menu, which opens as soon as it has loaded.
const radix = lazyModule(() => import("./dropdown-menu-radix"));
const PRELOAD_AFTER_MS = 1000;

const RequestOpen = createContext<() => void>(() => undefined);

export function DropdownMenu({ children, ...props }: ComponentProps<typeof Radix.DropdownMenu>) {
  const menu = radix.use();
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(radix.load, PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (menu)
    return (
      <menu.DropdownMenu defaultOpen={openWhenLoaded} {...props}>
        {children}
      </menu.DropdownMenu>
    );
  const requestOpen = () => {
    radix.load();
    if (props.onOpenChange) props.onOpenChange(true);
    else setOpenWhenLoaded(true);
  };
  return <RequestOpen.Provider value={requestOpen}>{children}</RequestOpen.Provider>;
}

const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

type TriggerProps = ComponentProps<typeof Radix.DropdownMenuTrigger>;

export function DropdownMenuTrigger({ asChild, children, ...props }: TriggerProps) {
  const menu = radix.use();
  const requestOpen = useContext(RequestOpen);
  if (menu)
    return (
      <menu.DropdownMenuTrigger asChild={asChild} {...props}>
        {children}
      </menu.DropdownMenuTrigger>
    );
  const own = (isValidElement(children) ? children.props : {}) as Partial<TriggerProps>;
  const triggerProps = {
    ...props,
    "aria-haspopup": "menu" as const,
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: radix.load,
    onFocus: radix.load,
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      own.onPointerDown?.(event);
      if (event.button === 0 && !event.ctrlKey) requestOpen();
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      own.onKeyDown?.(event);
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      requestOpen();
    },
  };
  if (asChild && isValidElement(children)) return cloneElement(children as ReactElement<typeof triggerProps>, triggerProps);
  return (
    <button type="button" {...triggerProps}>
      {children}
    </button>
  );
}

/** A part shown only inside an open menu: nothing until the menu has loaded. */
function part<P extends object>(pick: (module: typeof Radix) => ComponentType<P> | ExoticComponent<P>) {
  return function LazyPart(props: P) {
    const menu = radix.use();
    if (!menu) return null;
    const Part = pick(menu);
    return <Part {...props} />;
  };
}

export const DropdownMenuContent = part((m) => m.DropdownMenuContent);
export const DropdownMenuItem = part((m) => m.DropdownMenuItem);
export const DropdownMenuRadioGroup = part((m) => m.DropdownMenuRadioGroup);
export const DropdownMenuRadioItem = part((m) => m.DropdownMenuRadioItem);
export const DropdownMenuLabel = part((m) => m.DropdownMenuLabel);
export const DropdownMenuSeparator = part((m) => m.DropdownMenuSeparator);
export const DropdownMenuSub = part((m) => m.DropdownMenuSub);
export const DropdownMenuSubTrigger = part((m) => m.DropdownMenuSubTrigger);
export const DropdownMenuSubContent = part((m) => m.DropdownMenuSubContent);
