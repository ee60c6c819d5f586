import { Spin } from 'antd';

/** While the page finds out how, or whether, the person is signed in. */
export function PageSpinner() {
  return <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;
}
