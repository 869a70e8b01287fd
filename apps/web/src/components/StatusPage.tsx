import { Button, Result } from 'antd';

/** A full-page status message (403, 404, 500) with one way on. */
export function StatusPage(props: { status: '403' | '404' | '500'; text: string; action: string; onAction: () => void }) {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status={props.status}
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{props.status}</h1>}
        subTitle={props.text}
        extra={
          <Button type="primary" onClick={props.onAction} autoFocus>
            {props.action}
          </Button>
        }
      />
    </main>
  );
}
