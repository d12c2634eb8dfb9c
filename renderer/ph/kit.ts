import { LANGUAGE_LIST_ERROR } from '../core/i18n/language-list';
import {
  abbreviateNumber,
  debounce,
  formatRelativeTime,
  NUMBER_ABBREVIATIONS,
  RELATIVE_TIME_BANDS,
  relativeTime,
  throttle,
} from '../core/format';
import { i18n } from '../core/i18n/instance';
import {
  DEFAULT_PAGE_SIZE,
  EMPTY_PAGE_API,
  NO_PAGE_API,
  PAGE_SIZE_OPTIONS,
  PAGINATION_LAYOUT,
} from '../core/paged/page-api';
import { DEFAULT_THEME_PATH } from '../core/theme/theme-stylesheet';
import {
  idCardCheckChar,
  isContact,
  isEmail,
  isIdCard,
  isMobile,
  isPasswordRuleA,
  isPasswordRuleB,
} from '../core/validators';
import { Chart } from '../ui/chart/chart';
import { CHART_THEMES, SPEC_CHARTS_DEFAULT_VERSION } from '../ui/chart/chart-themes';
import type { DraggableDialog as DraggableDialogWidget } from '../ui/dialog/draggable-dialog';
import {
  DIALOG_BASE_Z_INDEX,
  DIALOG_BODY_MARGIN_PX,
  DIALOG_CLOSE_DELAY_MS,
  DIALOG_RESIZE_THROTTLE_MS,
  DIALOG_TOP,
  DIALOG_WIDTH,
} from '../ui/dialog/position';
import { EmptyData } from '../ui/empty/empty-data';
import type { FormDialog as FormDialogWidget } from '../ui/form/form-dialog';
import { formRules } from '../ui/form/rules';
import { PagedContainer } from '../ui/paged/paged-container';
import { usePagedList } from '../ui/paged/use-paged-list';
import type { ColorFontPicker as ColorFontPickerWidget } from '../ui/picker/color-font-picker';
import { PRINT_FONT_SIZE, PRINT_MAX_WIDTH_PX, printContent } from '../ui/print/print';
import {
  animateScrollTo,
  SCROLL_LOAD_THRESHOLD_PX,
  SCROLL_TO_DURATION_MS,
  ScrollLoad,
} from '../ui/scroll/scroll-load';
import { lazyDialog, lazyWidget } from '../ui/lazy-part';
import { FORM_DIALOG_HEIGHT_PX, FORM_DIALOG_WIDTH } from '../ui/form/form-dialog-size';
import {
  DEFAULT_COLOR_FONT,
  PICKER_DEFAULT_COLOR,
  PICKER_FONT_SIZES,
  PICKER_FONTS,
} from '../ui/picker/picker-values';

// Loaded when first opened or drawn (renderer/ui/lazy-part.tsx): an application's first view rarely has them.
const FormDialog = lazyDialog<typeof FormDialogWidget>(
  async () => (await import('../ui/form/form-dialog')).FormDialog,
);
const DraggableDialog = lazyDialog<typeof DraggableDialogWidget>(
  async () => (await import('../ui/dialog/draggable-dialog')).DraggableDialog,
);
const ColorFontPicker = lazyWidget<typeof ColorFontPickerWidget>(
  async () => (await import('../ui/picker/color-font-picker')).ColorFontPicker,
);

/** The widget kit of PH.ui (spec §1) with the constants of spec §9. */
export const kit = {
  PagedContainer,
  usePagedList,
  FormDialog,
  DraggableDialog,
  ColorFontPicker,
  EmptyData,
  Chart,
  ScrollLoad,
  print: printContent,
  scrollTo: animateScrollTo,
  /** The antd form rules of spec §5 in the active language. */
  rules: () => formRules(i18n.t.bind(i18n)),
  constants: {
    DEFAULT_PAGE_SIZE,
    PAGE_SIZE_OPTIONS,
    PAGINATION_LAYOUT,
    NO_PAGE_API,
    EMPTY_PAGE_API,
    DIALOG_WIDTH,
    DIALOG_TOP,
    DIALOG_BODY_MARGIN_PX,
    DIALOG_BASE_Z_INDEX,
    DIALOG_CLOSE_DELAY_MS,
    DIALOG_RESIZE_THROTTLE_MS,
    FORM_DIALOG_WIDTH,
    FORM_DIALOG_HEIGHT_PX,
    PICKER_FONTS,
    PICKER_FONT_SIZES,
    PICKER_DEFAULT_COLOR,
    DEFAULT_COLOR_FONT,
    CHART_THEMES,
    SPEC_CHARTS_DEFAULT_VERSION,
    PRINT_MAX_WIDTH_PX,
    PRINT_FONT_SIZE,
    SCROLL_LOAD_THRESHOLD_PX,
    SCROLL_TO_DURATION_MS,
    NUMBER_ABBREVIATIONS,
    RELATIVE_TIME_BANDS,
    LANGUAGE_LIST_ERROR,
    DEFAULT_THEME_PATH,
  },
} as const;

/** The pure rules and formatters (PH.validators, PH.format). */
export const validators = {
  isIdCard,
  idCardCheckChar,
  isEmail,
  isMobile,
  isContact,
  isPasswordRuleA,
  isPasswordRuleB,
};

export const format = {
  abbreviateNumber,
  relativeTime,
  /** The relative time in the active language. */
  relativeTimeText: (time: number, now?: number) =>
    formatRelativeTime(i18n.t.bind(i18n), time, now),
  throttle,
  debounce,
};
