import './antd-mobile-react19';
import { Toast } from 'antd-mobile';

export { Toast };
