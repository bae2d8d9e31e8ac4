// Microsoft's sign-in comes back here (the OneDrive app's redirect URI): hand the answer to the
// compose page that asked (it is cut off from this window by COOP, so through a channel) and close.
(() => {
  const channel = new BroadcastChannel('signet-onedrive-signin');
  channel.postMessage({ search: window.location.search });
  channel.close();
  window.close();
})();
