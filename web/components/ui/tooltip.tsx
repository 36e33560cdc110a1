import {
  type ComponentProps,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  cloneElement,
  createContext,
  useCallback,
  isValidElement,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { lazyModule } from "@/lib/lazy-module";
import type * as Radix from "./tooltip-radix";

// Radix's tooltip shares the menu's popper and floating-ui (ADR 014): it loads a moment after the first
// screen, or when a trigger is first pointed at or focused, and then opens if it still is.
const radix = lazyModule(() => import("./tooltip-radix"));
const PRELOAD_AFTER_MS = 1000;

type ProviderProps = Omit<ComponentProps<typeof Radix.TooltipProvider>, "children">;

// Each tooltip carries its own Radix provider once loaded, so loading never changes the tree above it.
const ProviderSettings = createContext<ProviderProps>({});
const Wanted = createContext<(wanted: boolean) => void>(() => undefined);
/** Marks a tooltip's trigger, which loading remounts: focus on it is put back on its successor. */
const TriggerMark = createContext<{ mark: string; noteFocus: (focused: boolean) => void }>({
  mark: "",
  noteFocus: () => undefined,
});

export function TooltipProvider({ children, ...settings }: ComponentProps<typeof Radix.TooltipProvider>) {
  return <ProviderSettings.Provider value={settings}>{children}</ProviderSettings.Provider>;
}

export function Tooltip({ children, ...props }: ComponentProps<typeof Radix.Tooltip>) {
  const tooltip = radix.use();
  const settings = useContext(ProviderSettings);
  const [wanted, setWanted] = useState(false);
  const mark = useId();
  const focusedRef = useRef(false);
  const noteFocus = useCallback((focused: boolean) => {
    focusedRef.current = focused;
  }, []);
  const trigger = useMemo(() => ({ mark, noteFocus }), [mark, noteFocus]);
  useEffect(() => {
    const timer = setTimeout(radix.load, PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  const loaded = tooltip !== null;
  useLayoutEffect(() => {
    if (!loaded || !focusedRef.current || document.activeElement !== document.body) return;
    document.querySelector<HTMLElement>(`[data-tooltip-trigger="${CSS.escape(mark)}"]`)?.focus();
  }, [loaded, mark]);
  if (tooltip)
    return (
      <TriggerMark.Provider value={trigger}>
        <tooltip.TooltipProvider {...settings}>
          <tooltip.Tooltip defaultOpen={wanted} {...props}>
            {children}
          </tooltip.Tooltip>
        </tooltip.TooltipProvider>
      </TriggerMark.Provider>
    );
  return (
    <TriggerMark.Provider value={trigger}>
      <Wanted.Provider value={setWanted}>{children}</Wanted.Provider>
    </TriggerMark.Provider>
  );
}

type TriggerProps = ComponentProps<typeof Radix.TooltipTrigger>;

export function TooltipTrigger({ asChild, children, ...props }: TriggerProps) {
  const tooltip = radix.use();
  const setWanted = useContext(Wanted);
  const { mark, noteFocus } = useContext(TriggerMark);
  if (tooltip)
    return (
      <tooltip.TooltipTrigger asChild={asChild} data-tooltip-trigger={mark} {...props}>
        {children}
      </tooltip.TooltipTrigger>
    );
  const own = (isValidElement(children) ? children.props : {}) as Partial<TriggerProps>;
  const want = (wanted: boolean) => {
    if (wanted) radix.load();
    setWanted(wanted);
  };
  const triggerProps = {
    ...props,
    "data-tooltip-trigger": mark,
    onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
      own.onPointerEnter?.(event);
      want(true);
    },
    onPointerLeave: (event: PointerEvent<HTMLButtonElement>) => {
      own.onPointerLeave?.(event);
      want(false);
    },
    onFocus: (event: FocusEvent<HTMLButtonElement>) => {
      own.onFocus?.(event);
      noteFocus(true);
      want(true);
    },
    onBlur: (event: FocusEvent<HTMLButtonElement>) => {
      own.onBlur?.(event);
      noteFocus(false);
      want(false);
    },
  };
  if (asChild && isValidElement(children)) return cloneElement(children as ReactElement<typeof triggerProps>, triggerProps);
  return (
    <button type="button" {...triggerProps}>
      {children}
    </button>
  );
}

export function TooltipContent(props: ComponentProps<typeof Radix.TooltipContent>): ReactNode {
  const tooltip = radix.use();
  return tooltip ? <tooltip.TooltipContent {...props} /> : null;
}
