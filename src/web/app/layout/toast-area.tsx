import { ToastContainer } from 'react-toastify/unstyled';
import { TOAST_AUTO_CLOSE_MS } from '../../../shared/constants.ts';

/** Where toasts appear on every page (the library's stylesheet is imported by main.tsx). */
export function ToastArea() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />;
}
