; Included by electron-builder in the NSIS installer (it reads installer.nsh from buildResources).
; Registers edudesk:// links (main/links/deep-link.ts) for the installing user; the MSI registers
; them for the machine (msi-server-url.mjs). The client registers the scheme again at each start.
!macro customInstall
  WriteRegStr SHCTX "Software\Classes\edudesk" "" "URL:EduDesk link"
  WriteRegStr SHCTX "Software\Classes\edudesk" "URL Protocol" ""
  WriteRegStr SHCTX "Software\Classes\edudesk\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey SHCTX "Software\Classes\edudesk"
!macroend
