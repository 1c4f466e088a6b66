// The toast library's stylesheet comes with its container, in this lazy chunk: the first paint
// needs neither. styles.css adjusts its variables (with a stronger selector, as this loads later).
import 'react-toastify/ReactToastify.css';
import { ToastContainer } from 'react-toastify/unstyled';
import { TOAST_AUTO_CLOSE_MS } from '../../../shared/constants.ts';

export default function AppToastContainer() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />;
}
