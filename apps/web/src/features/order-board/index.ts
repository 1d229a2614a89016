export { OrderBoard } from './components/order-board.tsx';
