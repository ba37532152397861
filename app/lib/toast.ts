export type ToastVariant = "default" | "success" | "destructive";

export type Toast = {
  /** Distinguishes two identical messages shown one after the other. */
  id?: string;
  title: string;
  description?: string;
  variant: ToastVariant;
};

export type ToastInput = Omit<Toast, "variant"> & { variant?: ToastVariant };

/** SPEC.md §9: toasts stay 5 s unless dismissed. */
export const TOAST_DURATION_MS = 5000;
/** SPEC.md §9: a swipe to the right of 50 px or more dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
