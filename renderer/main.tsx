import './styles.css';
import { boot, showBootFailed } from './boot/boot';

const container = document.getElementById('root');
if (container !== null) {
  boot(container).catch(() => {
    showBootFailed(container);
  });
}
