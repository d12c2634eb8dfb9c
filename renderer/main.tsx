import './styles.css';
import { bootstrap } from './pages/bootstrap';

const container = document.getElementById('root');
if (container !== null) void bootstrap(container);
